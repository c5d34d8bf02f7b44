dnl Configure helpers
define(`GREETING', `hello')dnl
GREETING
