//! The natural logarithm that CaDiCaL links against, so that no run of nonosolve loads libm.
//!
//! CaDiCaL calls `log` in two places, to scale its restart and clause-reduction intervals,
//! and that is all this program would take from glibc's libm, a shared library of its own.
//! Loading and relocating it cost every run 7 page faults and about 0.08 ms: on
//! webpbn-00001, a puzzle settled by start-up alone, 121 page faults instead of 114 and a
//! median of 1.27 ms instead of 1.19 ms (`perf stat -r 100 -e page-faults,task-clock`, 30
//! rounds taking turns; docs/performance.md). The symbol defined here takes the place of
//! libm's at link time, and the linker then drops the library, as nothing else needs it.
//!
//! Only on glibc targets: elsewhere the C library holds `log` itself, and defining it twice
//! could clash with its own definition.

/// `log(x)` for C code, computed by the `libm` crate (a port of musl's, accurate to within
/// one unit in the last place).
///
/// Safety of the symbol: it has the exact C signature of `double log(double)`, keeps no
/// state, and is correct for every input, NaN and infinities included.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn log(x: f64) -> f64 {
    libm::log(x)
}

#[cfg(test)]
mod tests {
    // Checked against constants, not `f64::ln`: in this crate's binaries that lowers to a call
    // of the very symbol defined above. And called through `black_box`, because the compiler
    // takes any function named `log` for the C library's and works out `log(2.0)` itself.
    #[test]
    fn gives_the_natural_logarithm() {
        let log = |x: f64| std::hint::black_box(super::log as extern "C" fn(f64) -> f64)(x);
        use std::f64::consts::{E, LN_2, LN_10};
        for (x, ln) in [
            (2.0, LN_2),
            (10.0, LN_10),
            (E, 1.0),
            (1e4, 4.0 * LN_10),
            (0.5, -LN_2),
        ] {
            assert!((log(x) - ln).abs() <= f64::EPSILON * ln.abs(), "log({x})");
        }
        assert_eq!(log(1.0), 0.0);
        assert_eq!(log(0.0), f64::NEG_INFINITY);
        assert!(log(-1.0).is_nan());
        assert_eq!(log(f64::INFINITY), f64::INFINITY);
    }
}
