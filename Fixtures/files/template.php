<html>
<body><?php echo "templated"; ?></body>
</html>
