package trimem

import ()
