´	ºÍ!ÃHello from uti!
$