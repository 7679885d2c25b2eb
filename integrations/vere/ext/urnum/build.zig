//! urnum's jets as a vere package: the sealed urnum object for the target, its C header, and the
//! `u3w*` shim that calls it. vere's `pkg/noun/build.zig` calls `addToNoun` once; every vere
//! binary that links `libnoun` then carries urnum's jet bodies.

const std = @import("std");

/// Nothing to build on its own: the package is consumed through `addToNoun`.
pub fn build(b: *std.Build) void {
    _ = b;
}

/// Adds urnum to vere's `noun` library: the shim's C files compiled with noun's own `flags` and
/// include paths, urnum's headers (`include/`, also installed, for the test binaries), and the sealed object
/// `lib/<arch>-linux-musl/urnum.o` for the target (the only member of `liburnum_ffi.a`; an
/// object, not an archive, so that it becomes a member of `libnoun.a` rather than a nested one).
pub fn addToNoun(
    b: *std.Build,
    urnum: *std.Build.Dependency,
    noun: *std.Build.Step.Compile,
    flags: []const []const u8,
) !void {
    const t = noun.rootModuleTarget();
    if (t.os.tag != .linux or t.abi != .musl)
        return error.UrnumTargetUnsupported; // urnum ships objects for vere's Linux (musl) targets only
    const arch = switch (t.cpu.arch) {
        .x86_64 => "x86_64",
        .aarch64 => "aarch64",
        else => return error.UrnumTargetUnsupported,
    };
    noun.addIncludePath(urnum.path("include"));
    noun.installHeadersDirectory(urnum.path("include"), "", .{});
    noun.addObjectFile(urnum.path(b.fmt("lib/{s}-linux-musl/urnum.o", .{arch})));

    var files = std.array_list.Managed([]const u8).init(b.allocator);
    const shim_dir = urnum.path("shim").getPath(b);
    var dir = try std.fs.cwd().openDir(shim_dir, .{ .iterate = true });
    defer dir.close();
    var it = dir.iterate();
    while (try it.next()) |e| {
        if (e.kind == .file and std.mem.endsWith(u8, e.name, ".c"))
            try files.append(b.dupe(e.name));
    }
    std.mem.sort([]const u8, files.items, {}, struct {
        fn lt(_: void, x: []const u8, y: []const u8) bool {
            return std.mem.lessThan(u8, x, y);
        }
    }.lt);
    noun.addCSourceFiles(.{ .root = urnum.path("shim"), .files = files.items, .flags = flags });
}
