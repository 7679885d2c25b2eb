/// @file
///
/// What urnum's Lagoon bodies (urnum_jets.c) and /lib/math bodies
/// (urnum_math_jets.c) share: the map from urnum's status to a body's product
/// or bail, and the library's set-up when the program loads.

#include "noun.h"
#include "jets/q.h"
#include "jets/w.h"
#include "c3/motes.h"

#include "urnum.h"
#include "urnum_jets.h"

/* u3wi_ur_done(): see urnum_jets.h.
*/
u3_weak
u3wi_ur_done(const c3_c* nam_c, urnum_status sas, u3_weak pro)
{
  switch ( sas ) {
    case URNUM_OK:    return pro;
    case URNUM_PUNT:  return u3_none;
    case URNUM_CRASH: return u3m_bail(c3__exit);
    default: {
      u3l_log("urnum: %s: contract error (status %u)", nam_c, (unsigned)sas);
      return u3m_bail(c3__fail);
    }
  }
}

/* u3wi_ur_la_init(): see urnum_jets.h.
*/
void
u3wi_ur_la_init(void)
{
  //  a volatile read keeps the reference to the link-time ABI marker, so a
  //  library of another ABI version fails to link
  //
  (void)*(volatile const uint32_t*)&urnum_abi_v2;

  if ( URNUM_ABI_VERSION != urnum_abi_version() ) {
    fprintf(stderr, "urnum: header ABI %u, library ABI %u\r\n",
                    (unsigned)URNUM_ABI_VERSION, (unsigned)urnum_abi_version());
    abort();
  }
  urnum_la_init();
}

/* _ur_boot(): run u3wi_ur_la_init() when the program loads, before any jet.
*/
__attribute__((constructor)) static void
_ur_boot(void)
{
  u3wi_ur_la_init();
}
