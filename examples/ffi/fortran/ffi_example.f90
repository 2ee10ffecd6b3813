! ember's C ABI from Fortran 2003's ISO_C_BINDING.
! Build: gfortran ffi_example.f90 -lTHNN -lTH   (add -L<dir> where the libraries are not installed)
! Tensors are opaque handles (type(c_ptr)): this program never looks inside a struct.
module ember_th
  use, intrinsic :: iso_c_binding
  implicit none
  interface
    subroutine THSetGuardedMode(enabled) bind(c, name='THSetGuardedMode')
      import :: c_int
      integer(c_int), value :: enabled
    end subroutine
    function THGetLastError() bind(c, name='THGetLastError')
      import :: c_ptr
      type(c_ptr) :: THGetLastError
    end function
    function THFloatTensor_new() bind(c, name='THFloatTensor_new')
      import :: c_ptr
      type(c_ptr) :: THFloatTensor_new
    end function
    function THFloatTensor_newWithSize2d(size0, size1) bind(c, name='THFloatTensor_newWithSize2d')
      import :: c_ptr, c_long
      integer(c_long), value :: size0, size1
      type(c_ptr) :: THFloatTensor_newWithSize2d
    end function
    subroutine THFloatTensor_set2d(tensor, x0, x1, v) bind(c, name='THFloatTensor_set2d')
      import :: c_ptr, c_long, c_float
      type(c_ptr), value :: tensor
      integer(c_long), value :: x0, x1
      real(c_float), value :: v
    end subroutine
    function THFloatTensor_get2d(tensor, x0, x1) bind(c, name='THFloatTensor_get2d')
      import :: c_ptr, c_long, c_float
      type(c_ptr), value :: tensor
      integer(c_long), value :: x0, x1
      real(c_float) :: THFloatTensor_get2d
    end function
    function THFloatTensor_size(tensor, dim) bind(c, name='THFloatTensor_size')
      import :: c_ptr, c_long, c_int
      type(c_ptr), value :: tensor
      integer(c_int), value :: dim
      integer(c_long) :: THFloatTensor_size
    end function
    subroutine THFloatTensor_zero(tensor) bind(c, name='THFloatTensor_zero')
      import :: c_ptr
      type(c_ptr), value :: tensor
    end subroutine
    subroutine THFloatTensor_max(vals, indices, t, dimension, keepdim) bind(c, name='THFloatTensor_max')
      import :: c_ptr, c_int
      type(c_ptr), value :: vals, indices, t
      integer(c_int), value :: dimension, keepdim
    end subroutine
    subroutine THFloatTensor_addmm(r, beta, t, alpha, mat1, mat2) bind(c, name='THFloatTensor_addmm')
      import :: c_ptr, c_float
      type(c_ptr), value :: r, t, mat1, mat2
      real(c_float), value :: beta, alpha
    end subroutine
    subroutine THFloatTensor_free(tensor) bind(c, name='THFloatTensor_free')
      import :: c_ptr
      type(c_ptr), value :: tensor
    end subroutine
    function THLongTensor_new() bind(c, name='THLongTensor_new')
      import :: c_ptr
      type(c_ptr) :: THLongTensor_new
    end function
    function THLongTensor_get2d(tensor, x0, x1) bind(c, name='THLongTensor_get2d')
      import :: c_ptr, c_long
      type(c_ptr), value :: tensor
      integer(c_long), value :: x0, x1
      integer(c_long) :: THLongTensor_get2d
    end function
    subroutine THLongTensor_free(tensor) bind(c, name='THLongTensor_free')
      import :: c_ptr
      type(c_ptr), value :: tensor
    end subroutine
    subroutine THNN_FloatTanh_updateOutput(state, input, output) &
        bind(c, name='THNN_FloatTanh_updateOutput')
      import :: c_ptr
      type(c_ptr), value :: state, input, output
    end subroutine
  end interface

contains

  ! THGetLastError's message as a Fortran string; '' when the last call succeeded.
  function last_error() result(message)
    character(len=:), allocatable :: message
    character(kind=c_char), pointer :: chars(:)
    type(c_ptr) :: p
    integer :: i, n
    p = THGetLastError()
    n = 0
    if (c_associated(p)) then
      call c_f_pointer(p, chars, [4096])
      do while (chars(n + 1) /= c_null_char)
        n = n + 1
      end do
    end if
    allocate(character(len=n) :: message)
    do i = 1, n
      message(i:i) = chars(i)
    end do
  end function

  ! In guarded mode a failed call returns early and leaves its message for THGetLastError.
  subroutine check()
    character(len=:), allocatable :: message
    message = last_error()
    if (len(message) > 0) then
      write(0, '(2a)') 'unexpected error: ', message
      stop 1
    end if
  end subroutine

  subroutine print_matrix(title, t)
    character(len=*), intent(in) :: title
    type(c_ptr), intent(in) :: t
    integer(c_long) :: i, j
    write(*, '(2a)') title, ':'
    do i = 0, THFloatTensor_size(t, 0) - 1
      write(*, '(*(f8.4))') (THFloatTensor_get2d(t, i, j), j = 0, THFloatTensor_size(t, 1) - 1)
    end do
  end subroutine
end module

program ffi_example
  use ember_th
  implicit none
  real(c_float), parameter :: xs(2, 3) = reshape([real(c_float) :: -1.0, 2.0, 0.5, -0.5, 0.25, 1.5], [2, 3])
  real(c_float), parameter :: ws(3, 2) = reshape([real(c_float) :: 1.0, 2.0, -1.0, 0.5, -1.0, 0.25], [3, 2])
  type(c_ptr) :: x, w, y, vals, indices, h
  character(len=:), allocatable :: message
  integer(c_long) :: i, j

  call THSetGuardedMode(1_c_int) ! errors come back as messages instead of aborting the process

  x = THFloatTensor_newWithSize2d(2_c_long, 3_c_long)
  w = THFloatTensor_newWithSize2d(3_c_long, 2_c_long)
  call check()
  do i = 1, 2
    do j = 1, 3
      ! set2d/get2d take 0-based positions
      call THFloatTensor_set2d(x, i - 1, j - 1, xs(i, j))
      call THFloatTensor_set2d(w, j - 1, i - 1, ws(j, i))
    end do
  end do
  call print_matrix('x', x)

  ! A THNN kernel: the output is a tensor we own; the kernel resizes it. THNNState is NULL on CPU.
  y = THFloatTensor_new()
  call THNN_FloatTanh_updateOutput(c_null_ptr, x, y)
  call check()
  call print_matrix('tanh(x)', y)

  ! Dimensions passed in are 0-based (1 = along each row); returned indices are 0-based too.
  vals = THFloatTensor_new()
  indices = THLongTensor_new()
  call THFloatTensor_max(vals, indices, y, 1_c_int, 1_c_int)
  call check()
  write(*, '(a, i0, a, i0)') 'argmax of each row (1-based): ', &
    THLongTensor_get2d(indices, 0_c_long, 0_c_long) + 1, ' ', &
    THLongTensor_get2d(indices, 1_c_long, 0_c_long) + 1

  ! A size mismatch: [2 x 3] times [2 x 3]. The call returns; the message says what went wrong.
  h = THFloatTensor_newWithSize2d(2_c_long, 2_c_long)
  call THFloatTensor_zero(h)
  call THFloatTensor_addmm(h, 0.0_c_float, h, 1.0_c_float, x, x)
  message = last_error()
  if (len(message) == 0) message = '(none)'
  write(*, '(2a)') 'error: ', message

  ! The library keeps working: the same function with the right operands, h = x * w.
  call THFloatTensor_addmm(h, 0.0_c_float, h, 1.0_c_float, x, w)
  call check()
  call print_matrix('x * w', h)

  ! Every handle from new/newWithSize* is ours: free it once (retain adds a reference).
  call THFloatTensor_free(x)
  call THFloatTensor_free(w)
  call THFloatTensor_free(y)
  call THFloatTensor_free(vals)
  call THLongTensor_free(indices)
  call THFloatTensor_free(h)
end program
