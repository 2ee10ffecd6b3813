/* Ends one type pass of thc_each_type.h: undefines what it and thc_generic.h defined. */
#undef TEST_
#undef T_
#undef C_
#undef TTensor
#undef CTensor
#undef TEST_VALUES
#undef TEST_INDEXED
#undef Real
#undef CReal
#undef real
#undef TEST_FLOAT
#undef TEST_UPLOAD
#undef TEST_MATCHES
