import { defineFuzzSuite } from '../test/fuzz/suite'

// Issue 14: the staff (/yonetim) and the staff socket routes under the property-based fuzz.
await defineFuzzSuite('staff')
