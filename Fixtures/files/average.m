% AVERAGE(X) the mean of the elements of X
function m = average(x)
  m = sum(x) / length(x);
end
