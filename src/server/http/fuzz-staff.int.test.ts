import { defineFuzzSuite } from '../test/fuzz/suite'

// The staff (/yonetim) and the staff socket routes under the property-based fuzz.
await defineFuzzSuite('staff')
