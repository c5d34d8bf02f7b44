function s = cumulative(x)
% The running sum of a vector, written by hand.
  s = zeros(size(x));
  for k = 1:numel(x)
    s(k) = sum(x(1:k));
  end
end
