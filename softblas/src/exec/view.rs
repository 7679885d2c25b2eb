//! Strided views and movements, after Nx's `Nx_array.Move` and `Layout`.
//!
//! A [`View`] maps an index `i` of its shape to the position
//! `offset + Σ i_k·stride_k` in a flat element buffer. Movements ([`Move`]) are
//! plain data; [`View::apply`] lowers one to a new view by stride arithmetic,
//! or returns `None` for a reshape no strides express (the caller then copies
//! to a contiguous buffer and moves again). Every precondition of a movement
//! is checked and named by [`MoveError`].

use thiserror::Error;

/// A strided map from the indices of a shape to positions in a buffer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    shape: Vec<usize>,
    strides: Vec<isize>,
    offset: usize,
}

/// A range along one axis: `count` indices from `start` in steps of `step` (negative reverses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    /// The first index.
    pub start: usize,
    /// How many indices.
    pub count: usize,
    /// The distance between indices; non-zero.
    pub step: isize,
}

/// A sliding window along one axis: windows of `size` elements `dilation` apart, starting `step` apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// The axis windowed.
    pub axis: usize,
    /// Elements per window.
    pub size: usize,
    /// Distance between window starts; at least 1.
    pub step: usize,
    /// Distance between a window's elements; at least 1.
    pub dilation: usize,
}

/// A movement: a change of view that moves no element.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The same elements in row-major order under a new shape of equal size.
    Reshape(Vec<usize>),
    /// Axes of extent 1 repeated to the given extents (new leading axes allowed).
    Broadcast(Vec<usize>),
    /// Axis `k` of the result is axis `perm[k]` of the view.
    Permute(Vec<usize>),
    /// One range per axis.
    Slice(Vec<Range>),
    /// A window axis appended after the view's axes; the windowed axis counts windows.
    Window(Window),
}

/// Why a movement does not apply to a view.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// A reshape to a shape of another size (or of more elements than a `usize`
    /// counts; the counts shown then saturate).
    #[error("reshape from {from} to {to} elements")]
    Size {
        /// Elements before.
        from: usize,
        /// Elements after.
        to: usize,
    },
    /// A broadcast whose target is of lower rank, or changes an axis that is not 1.
    #[error("cannot broadcast {from:?} to {to:?}")]
    Broadcast {
        /// The view's shape.
        from: Vec<usize>,
        /// The target shape.
        to: Vec<usize>,
    },
    /// A permutation that is not one of the view's axes.
    #[error("{0:?} is not a permutation of the axes")]
    Permute(Vec<usize>),
    /// A slice of the wrong rank, a zero step, or a range leaving its axis.
    #[error("slice {axis}: {why}")]
    Slice {
        /// The axis at fault.
        axis: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A window on a missing axis, of size 0, step or dilation 0, or larger than its axis.
    #[error("window: {0}")]
    Window(&'static str),
}

/// The number of indices of `shape`: 0 when an extent is 0 (whatever the
/// others are, up to `usize::MAX` each), else the product, saturating at
/// `usize::MAX` (callers bound what they loop over before they get here).
pub fn index_count(shape: &[usize]) -> usize {
    if shape.contains(&0) {
        return 0;
    }
    shape.iter().fold(1usize, |n, &d| n.saturating_mul(d))
}

impl View {
    /// The row-major contiguous view of `shape` from position 0.
    pub fn contiguous(shape: &[usize]) -> View {
        let mut strides = vec![0isize; shape.len()];
        let mut s = 1isize;
        for k in (0..shape.len()).rev() {
            strides[k] = if shape[k] == 1 { 0 } else { s };
            s = s.saturating_mul(shape[k] as isize);
        }
        View {
            shape: shape.to_vec(),
            strides,
            offset: 0,
        }
    }

    /// The view with these parts (strides in elements).
    pub fn new(shape: Vec<usize>, strides: Vec<isize>, offset: usize) -> View {
        View {
            shape,
            strides,
            offset,
        }
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The strides, in elements.
    pub fn strides(&self) -> &[isize] {
        &self.strides
    }

    /// The position of index 0 (of every axis).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The view as rows along its last axis: the view of the other axes
    /// (whose positions are the rows' first elements), the row length and
    /// the row's stride; `None` for rank 0.
    pub fn rows(&self) -> Option<(View, usize, isize)> {
        let (&len, shape) = self.shape.split_last()?;
        let (&stride, strides) = self.strides.split_last()?;
        Some((
            View::new(shape.to_vec(), strides.to_vec(), self.offset),
            len,
            stride,
        ))
    }

    /// The number of indices: [`index_count`] of the shape.
    pub fn len(&self) -> usize {
        index_count(&self.shape)
    }

    /// Whether the view has no index.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of `index` (one entry per axis, each within its extent).
    pub fn position(&self, index: &[usize]) -> usize {
        let p = index
            .iter()
            .zip(&self.strides)
            .fold(self.offset as isize, |acc, (&i, &s)| acc + i as isize * s);
        p as usize
    }

    /// The positions of the view's indices in row-major order (the last axis
    /// fastest): [`View::len`] of them, computed one step at a time.
    pub fn positions(&self) -> Positions<'_> {
        Positions {
            view: self,
            index: vec![0; self.shape.len()],
            left: self.len(),
        }
    }

    /// The least and greatest positions the view reaches, or `None` when it has no index.
    pub fn span(&self) -> Option<(usize, usize)> {
        if self.is_empty() {
            return None;
        }
        let (mut lo, mut hi) = (self.offset as isize, self.offset as isize);
        for (&n, &s) in self.shape.iter().zip(&self.strides) {
            let reach = (n as isize - 1) * s;
            if reach < 0 {
                lo += reach;
            } else {
                hi += reach;
            }
        }
        Some((lo.max(0) as usize, hi.max(0) as usize))
    }

    /// Whether the view is row-major contiguous from its offset.
    pub fn is_contiguous(&self) -> bool {
        let c = View::contiguous(&self.shape);
        c.strides == self.strides
    }

    /// The view after movement `m`, `Ok(None)` when `m` is a reshape no strides express.
    ///
    /// # Errors
    /// The [`MoveError`] naming the precondition `m` breaks on this view.
    pub fn apply(&self, m: &Move) -> Result<Option<View>, MoveError> {
        match m {
            Move::Reshape(to) => self.reshape(to),
            Move::Broadcast(to) => self.broadcast(to).map(Some),
            Move::Permute(p) => self.permute(p).map(Some),
            Move::Slice(rs) => self.slice(rs).map(Some),
            Move::Window(w) => self.window(w).map(Some),
        }
    }

    fn reshape(&self, to: &[usize]) -> Result<Option<View>, MoveError> {
        // Counts past usize (a 0 extent makes any product 0) are never equal:
        // no buffer holds that many elements.
        let exact = |s: &[usize]| {
            if s.contains(&0) {
                Some(0)
            } else {
                s.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
            }
        };
        let (from, to_count) = (exact(&self.shape), exact(to));
        let (from_n, to_n) = (self.len(), index_count(to));
        if from.is_none() || from != to_count {
            return Err(MoveError::Size {
                from: from_n,
                to: to_n,
            });
        }
        if self.is_contiguous() {
            let mut v = View::contiguous(to);
            v.offset = self.offset;
            return Ok(Some(v));
        }
        Ok(None)
    }

    fn broadcast(&self, to: &[usize]) -> Result<View, MoveError> {
        let err = || MoveError::Broadcast {
            from: self.shape.clone(),
            to: to.to_vec(),
        };
        if to.len() < self.shape.len() {
            return Err(err());
        }
        let lead = to.len() - self.shape.len();
        let mut strides = vec![0isize; lead];
        for (k, (&n, &s)) in self.shape.iter().zip(&self.strides).enumerate() {
            let t = to[lead + k];
            if n == t {
                strides.push(if n == 1 { 0 } else { s });
            } else if n == 1 {
                strides.push(0);
            } else {
                return Err(err());
            }
        }
        Ok(View::new(to.to_vec(), strides, self.offset))
    }

    fn permute(&self, p: &[usize]) -> Result<View, MoveError> {
        let mut seen = vec![false; self.shape.len()];
        if p.len() != self.shape.len()
            || p.iter()
                .any(|&a| a >= seen.len() || std::mem::replace(&mut seen[a], true))
        {
            return Err(MoveError::Permute(p.to_vec()));
        }
        Ok(View::new(
            p.iter().map(|&a| self.shape[a]).collect(),
            p.iter().map(|&a| self.strides[a]).collect(),
            self.offset,
        ))
    }

    fn slice(&self, rs: &[Range]) -> Result<View, MoveError> {
        if rs.len() != self.shape.len() {
            return Err(MoveError::Slice {
                axis: rs.len().min(self.shape.len()),
                why: "one range per axis is needed",
            });
        }
        let mut offset = self.offset as isize;
        let (mut shape, mut strides) = (Vec::new(), Vec::new());
        for (axis, (r, (&n, &s))) in rs
            .iter()
            .zip(self.shape.iter().zip(&self.strides))
            .enumerate()
        {
            if r.step == 0 {
                return Err(MoveError::Slice {
                    axis,
                    why: "step 0",
                });
            }
            let leaves = MoveError::Slice {
                axis,
                why: "range leaves the axis",
            };
            if r.count > 0 {
                let last = isize::try_from(r.count - 1)
                    .ok()
                    .and_then(|c| c.checked_mul(r.step))
                    .and_then(|d| isize::try_from(r.start).ok()?.checked_add(d));
                match last {
                    Some(l) if r.start < n && l >= 0 && (l as usize) < n => {}
                    _ => return Err(leaves),
                }
            }
            // The start is inside the axis, so its position is inside the view's span.
            offset = (r.start as isize)
                .checked_mul(s)
                .and_then(|d| offset.checked_add(d))
                .ok_or(leaves)?;
            shape.push(r.count);
            // An in-axis range of two or more steps spans at most the view's
            // positions, so its stride fits; an empty range reaches nothing.
            strides.push(match r.count {
                0 => s.saturating_mul(r.step),
                1 => 0,
                _ => s * r.step,
            });
        }
        Ok(View::new(shape, strides, offset.max(0) as usize))
    }

    fn window(&self, w: &Window) -> Result<View, MoveError> {
        if w.axis >= self.shape.len() {
            return Err(MoveError::Window("axis out of range"));
        }
        if w.size == 0 || w.step == 0 || w.dilation == 0 {
            return Err(MoveError::Window(
                "size, step and dilation must be positive",
            ));
        }
        let n = self.shape[w.axis];
        let span = (w.size - 1)
            .checked_mul(w.dilation)
            .and_then(|d| d.checked_add(1));
        let span = match span {
            Some(span) if span <= n => span,
            _ => return Err(MoveError::Window("the window is larger than its axis")),
        };
        let count = (n - span) / w.step + 1;
        let s = self.strides[w.axis];
        let scaled = |by: usize| {
            isize::try_from(by)
                .ok()
                .and_then(|b| s.checked_mul(b))
                .ok_or(MoveError::Window("a stride overflows"))
        };
        let mut shape = self.shape.clone();
        let mut strides = self.strides.clone();
        shape[w.axis] = count;
        strides[w.axis] = scaled(w.step)?;
        shape.push(w.size);
        strides.push(scaled(w.dilation)?);
        Ok(View::new(shape, strides, self.offset))
    }
}

/// The row-major walk over a view's positions, made by [`View::positions`].
#[derive(Clone, Debug)]
pub struct Positions<'a> {
    view: &'a View,
    index: Vec<usize>,
    left: usize,
}

impl Iterator for Positions<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        let p = self.view.position(&self.index);
        self.left -= 1;
        if self.left > 0 {
            increment(&mut self.index, &self.view.shape);
        }
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Positions<'_> {}

/// Steps `index` to the next index of `shape` in row-major order (the last
/// axis fastest), wrapping to all zeros after the last.
pub(crate) fn increment(index: &mut [usize], shape: &[usize]) {
    for a in (0..shape.len()).rev() {
        index[a] += 1;
        if index[a] < shape[a] {
            return;
        }
        index[a] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(v: &View) -> Vec<usize> {
        v.positions().collect()
    }

    #[test]
    fn permute_is_transpose() {
        let v = View::contiguous(&[2, 3]);
        let t = v.apply(&Move::Permute(vec![1, 0])).unwrap().unwrap();
        assert_eq!(positions(&t), vec![0, 3, 1, 4, 2, 5]);
        // A transposed view cannot be reshaped without a copy.
        assert_eq!(t.apply(&Move::Reshape(vec![6])).unwrap(), None);
    }

    #[test]
    fn broadcast_repeats_unit_axes() {
        let v = View::contiguous(&[3, 1]);
        let b = v.apply(&Move::Broadcast(vec![2, 3, 2])).unwrap().unwrap();
        assert_eq!(positions(&b), vec![0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]);
        assert!(v.apply(&Move::Broadcast(vec![2, 2])).is_err());
    }

    #[test]
    fn slices_reverse_and_windows_slide() {
        let v = View::contiguous(&[5]);
        let r = v
            .apply(&Move::Slice(vec![Range {
                start: 4,
                count: 5,
                step: -1,
            }]))
            .unwrap()
            .unwrap();
        assert_eq!(positions(&r), vec![4, 3, 2, 1, 0]);
        assert!(v
            .apply(&Move::Slice(vec![Range {
                start: 4,
                count: 2,
                step: 1
            }]))
            .is_err());
        let w = v
            .apply(&Move::Window(Window {
                axis: 0,
                size: 2,
                step: 2,
                dilation: 1,
            }))
            .unwrap()
            .unwrap();
        assert_eq!(w.shape(), &[2, 2]);
        assert_eq!(positions(&w), vec![0, 1, 2, 3]);
    }

    #[test]
    fn arithmetic_past_usize_is_refused() {
        let big = usize::MAX / 2 + 1;
        let v = View::contiguous(&[2]);
        // 2 elements into [2^63, 2^63]: the product overflows, never equal.
        assert!(matches!(
            v.apply(&Move::Reshape(vec![big, big])),
            Err(MoveError::Size { .. })
        ));
        let zero = View::contiguous(&[0, 3]);
        assert!(zero
            .apply(&Move::Reshape(vec![0, big, big]))
            .unwrap()
            .is_some());
        // A range whose last index overflows, a window whose span does.
        assert!(v
            .apply(&Move::Slice(vec![Range {
                start: 1,
                count: big,
                step: isize::MAX,
            }]))
            .is_err());
        assert!(v
            .apply(&Move::Window(Window {
                axis: 0,
                size: big,
                step: 1,
                dilation: 4,
            }))
            .is_err());
        // An empty range with a huge step reaches nothing: fine.
        let long = View::contiguous(&[4, 1 << 40]);
        let empty = long
            .apply(&Move::Slice(vec![
                Range {
                    start: 0,
                    count: 0,
                    step: isize::MAX,
                },
                Range {
                    start: 0,
                    count: 1,
                    step: 1,
                },
            ]))
            .unwrap()
            .unwrap();
        assert_eq!(empty.positions().count(), 0);
        assert_eq!(v.positions().len(), 2);
    }
}
