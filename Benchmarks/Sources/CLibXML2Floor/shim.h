// As in the main package: leave out libxml2's ICU declarations, which clash with Foundation's ICU.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
