{ pkgs ? import <nixpkgs> {} }:
pkgs.hello
