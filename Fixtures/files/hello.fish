#!/usr/bin/env fish
echo hello
