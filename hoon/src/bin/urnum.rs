//! The `urnum` command line (subcommands arrive with the vector runner).

fn main() {
    let r = hoon::Registry::new();
    eprintln!("urnum: {} arms registered; no subcommand implemented yet", r.names().len());
    std::process::exit(2);
}
