#!/usr/bin/python2.7
# Python 2: print is a statement.
print "hello"
