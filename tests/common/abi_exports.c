/* Every legacy symbol of the lists must be exported by the library given as argv[1]. The
 * prototypes themselves are checked at compile time by the generated *_redeclare.c linked in. */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

extern const char *const legacy_symbols[];
extern const int legacy_symbol_count;
extern int legacy_api_redeclared;
static const char *library_path;

static void test_every_symbol_is_exported(void **state) {
  (void)state;
  assert_int_equal(legacy_api_redeclared, 1);
  void *lib = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) fail_msg("dlopen(%s): %s", library_path, dlerror());
  int missing = 0;
  for (int i = 0; i < legacy_symbol_count; i++) {
    if (!dlsym(lib, legacy_symbols[i])) {
      if (missing < 20) print_error("missing: %s\n", legacy_symbols[i]);
      missing++;
    }
  }
  print_message("%d of %d legacy symbols exported by %s\n", legacy_symbol_count - missing,
                legacy_symbol_count, library_path);
  dlclose(lib);
  assert_int_equal(missing, 0);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s LIBRARY.so\n", argv[0]);
    return 2;
  }
  library_path = argv[1];
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_symbol_is_exported)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
