// libxml2 is built with ICU on Debian; its encoding.h would then pull in the system ICU headers,
// whose `UErrorCode` clashes with Foundation's bundled ICU. We never touch libxml2's encoding
// handler structs (the only place the ICU types appear), so leave them out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
