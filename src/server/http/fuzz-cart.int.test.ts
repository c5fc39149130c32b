import { defineFuzzSuite } from '../test/fuzz/suite'

// The cart and BIN check routes under the property-based fuzz.
await defineFuzzSuite('cart')
