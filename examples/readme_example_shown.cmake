# Fails unless README.md shows examples/readme_example.cpp verbatim in a ```cpp block
# (cmake -DREADME=... -DEXAMPLE=... -P readme_example_shown.cmake).
file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)
string(FIND "${readme}" "```cpp\n${example}```" at)
if(at EQUAL -1)
  message(FATAL_ERROR "README.md does not show ${EXAMPLE} as it is: paste the file into its ```cpp block")
endif()
