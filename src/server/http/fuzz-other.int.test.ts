import { defineFuzzSuite } from '../test/fuzz/suite'

// The remaining (health, API docs, the /api/* and page catch-alls, the static files, and any route no group names) routes under the property-based fuzz.
await defineFuzzSuite('other')
