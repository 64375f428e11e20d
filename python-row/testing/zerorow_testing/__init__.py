"""Testing code for zerorow, kept out of the shipped package (like nanoarrow's testing/): the
golden-vector runner of the cross-language harness and its JSON value codec."""
