" Indent with four spaces in this buffer.
if exists("b:did_indent_four")
  finish
endif
let b:did_indent_four = 1
setlocal expandtab shiftwidth=4 softtabstop=4
