import { useLocation } from 'react-router'

/** Shows the router's current address so a test can read where the app went. */
export function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}
