// ember's C ABI from Rust: an extern "C" block, std only (no crate, no bindgen; rustc 1.63 or later).
// Build: rustc --edition 2021 ffi_example.rs   (add -L native=<dir> where the libraries are not installed)
// Tensors are opaque handles: this program never looks inside a struct.
use std::ffi::CStr;
use std::os::raw::{c_char, c_float, c_int, c_long, c_void};

#[repr(C)]
pub struct THFloatTensor {
    _opaque: [u8; 0],
}
#[repr(C)]
pub struct THLongTensor {
    _opaque: [u8; 0],
}

#[link(name = "TH")]
extern "C" {
    fn THSetGuardedMode(enabled: c_int);
    fn THGetLastError() -> *const c_char;
    fn THFloatTensor_new() -> *mut THFloatTensor;
    fn THFloatTensor_newWithSize2d(size0: c_long, size1: c_long) -> *mut THFloatTensor;
    fn THFloatTensor_set2d(t: *mut THFloatTensor, x0: c_long, x1: c_long, value: c_float);
    fn THFloatTensor_get2d(t: *const THFloatTensor, x0: c_long, x1: c_long) -> c_float;
    fn THFloatTensor_size(t: *const THFloatTensor, dim: c_int) -> c_long;
    fn THFloatTensor_zero(t: *mut THFloatTensor);
    fn THFloatTensor_max(values: *mut THFloatTensor, indices: *mut THLongTensor,
                         t: *mut THFloatTensor, dimension: c_int, keepdim: c_int);
    fn THFloatTensor_addmm(r: *mut THFloatTensor, beta: c_float, t: *mut THFloatTensor,
                           alpha: c_float, mat1: *mut THFloatTensor, mat2: *mut THFloatTensor);
    fn THFloatTensor_free(t: *mut THFloatTensor);
    fn THLongTensor_new() -> *mut THLongTensor;
    fn THLongTensor_get2d(t: *const THLongTensor, x0: c_long, x1: c_long) -> c_long;
    fn THLongTensor_free(t: *mut THLongTensor);
}

#[link(name = "THNN")]
extern "C" {
    fn THNN_FloatTanh_updateOutput(state: *mut c_void, input: *mut THFloatTensor,
                                   output: *mut THFloatTensor);
}

/// In guarded mode a failed call returns early and leaves its message for THGetLastError.
fn last_error() -> Result<(), String> {
    let message = unsafe { THGetLastError() };
    if message.is_null() {
        Ok(())
    } else {
        Err(unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned())
    }
}

fn check() {
    if let Err(message) = last_error() {
        eprintln!("unexpected error: {}", message);
        std::process::exit(1);
    }
}

/// Owns one reference to a THFloatTensor: dropped, it frees it (new/newWithSize* hand one over).
struct Tensor(*mut THFloatTensor);

impl Drop for Tensor {
    fn drop(&mut self) {
        unsafe { THFloatTensor_free(self.0) }
    }
}

fn print_matrix(title: &str, t: &Tensor) {
    println!("{}:", title);
    unsafe {
        for i in 0..THFloatTensor_size(t.0, 0) {
            let mut line = String::new();
            for j in 0..THFloatTensor_size(t.0, 1) {
                line.push_str(&format!("{:8.4}", THFloatTensor_get2d(t.0, i, j)));
            }
            println!("{}", line);
        }
    }
}

fn main() {
    unsafe {
        THSetGuardedMode(1); // errors come back as messages instead of aborting the process

        let xs: [[f32; 3]; 2] = [[-1.0, 0.5, 0.25], [2.0, -0.5, 1.5]];
        let ws: [[f32; 2]; 3] = [[1.0, 0.5], [2.0, -1.0], [-1.0, 0.25]];
        let x = Tensor(THFloatTensor_newWithSize2d(2, 3));
        let w = Tensor(THFloatTensor_newWithSize2d(3, 2));
        check();
        for i in 0..2 {
            for j in 0..3 {
                THFloatTensor_set2d(x.0, i as c_long, j as c_long, xs[i][j]);
                THFloatTensor_set2d(w.0, j as c_long, i as c_long, ws[j][i]);
            }
        }
        print_matrix("x", &x);

        // A THNN kernel: the output is a tensor we own; the kernel resizes it. THNNState is NULL on CPU.
        let y = Tensor(THFloatTensor_new());
        THNN_FloatTanh_updateOutput(std::ptr::null_mut(), x.0, y.0);
        check();
        print_matrix("tanh(x)", &y);

        // Dimensions passed in are 0-based (1 = along each row); returned indices are 0-based too.
        let values = Tensor(THFloatTensor_new());
        let indices = THLongTensor_new();
        THFloatTensor_max(values.0, indices, y.0, 1, 1);
        check();
        println!("argmax of each row (1-based): {} {}",
                 THLongTensor_get2d(indices, 0, 0) + 1, THLongTensor_get2d(indices, 1, 0) + 1);
        THLongTensor_free(indices);

        // A size mismatch: [2 x 3] times [2 x 3]. The call returns; the message says what went wrong.
        let h = Tensor(THFloatTensor_newWithSize2d(2, 2));
        THFloatTensor_zero(h.0);
        THFloatTensor_addmm(h.0, 0.0, h.0, 1.0, x.0, x.0);
        match last_error() {
            Err(message) => println!("error: {}", message),
            Ok(()) => println!("error: (none)"),
        }

        // The library keeps working: the same function with the right operands, h = x * w.
        THFloatTensor_addmm(h.0, 0.0, h.0, 1.0, x.0, w.0);
        check();
        print_matrix("x * w", &h);
    }
}
