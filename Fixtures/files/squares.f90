! Print the squares of 1 to 3, with a subroutine of a module.
module squares
  implicit none
contains
  subroutine show(n)
    integer, intent(in) :: n
    print *, n, n * n
  end subroutine show
end module squares

program main
  use squares
  implicit none
  integer :: i
  do i = 1, 3
    call show(i)
  end do
end program main
