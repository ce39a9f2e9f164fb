//! Unit tests of the AmberScript reader (end-to-end tests are in sim/tests/amber.rs).
