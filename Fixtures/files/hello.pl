use strict;
print "hello\n";
