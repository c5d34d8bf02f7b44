#Requires -Version 7.2
param([string]$Name = "world")
Write-Host "Hello, $Name"
