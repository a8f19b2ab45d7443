//! The public shape rules answer every input with a value or an error,
//! never a panic: mismatched lengths, empty kernels, overflowing sizes.
//! Pure functions: no cuDNN needed.

use cudnn::conv::output_dims;
use cudnn::ops::pooling_output_dims;

#[test]
fn convolution_shapes_refuse_what_does_not_fit() {
    // A kernel of extent 0.
    let e = output_dims(&[1, 1, 5, 5], &[1, 1, 0, 3], &[0, 0], &[1, 1], &[1, 1], 1)
        .expect_err("empty kernel");
    assert!(e.contains("empty"), "{e}");
    // Channels per group times groups overflows.
    let e = output_dims(
        &[1, 4, 5, 5],
        &[4, usize::MAX / 2 + 1, 3, 3],
        &[0, 0],
        &[1, 1],
        &[1, 1],
        2,
    )
    .expect_err("overflow");
    assert!(e.contains("channels"), "{e}");
    // Padding overflows.
    assert!(output_dims(
        &[1, 1, 5, 5],
        &[1, 1, 3, 3],
        &[usize::MAX, 0],
        &[1, 1],
        &[1, 1],
        1
    )
    .is_err());
    // Mismatched lengths.
    assert!(output_dims(&[1, 1, 5, 5], &[1, 1, 3, 3], &[0], &[1, 1], &[1, 1], 1).is_err());
    // And a plain case still works.
    assert_eq!(
        output_dims(&[2, 3, 5, 5], &[4, 3, 3, 3], &[1, 1], &[1, 1], &[1, 1], 1),
        Ok(vec![2, 4, 5, 5])
    );
}

#[test]
fn pooling_shapes_refuse_what_does_not_fit() {
    // Fewer paddings or strides than window dimensions.
    let e = pooling_output_dims(&[1, 1, 4, 4], &[2, 2], &[0], &[2, 2]).expect_err("short");
    assert!(e.contains("paddings"), "{e}");
    assert!(pooling_output_dims(&[1, 1, 4, 4], &[2, 2], &[0, 0], &[2]).is_err());
    // Padding overflows.
    assert!(pooling_output_dims(&[1, 1, 4, 4], &[2, 2], &[usize::MAX, 0], &[2, 2]).is_err());
    assert_eq!(
        pooling_output_dims(&[1, 1, 4, 4], &[2, 2], &[0, 0], &[2, 2]),
        Ok(vec![1, 1, 2, 2])
    );
}
