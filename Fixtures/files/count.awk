#!/usr/bin/awk -f
{ n++ }
END { print n }
