import { lazy } from 'react'
import { Route, Routes } from 'react-router'
import { AppLayout } from './layout/AppLayout'

// Every page is its own chunk; the layout (header, footer) is in the entry.
const HomePage = lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })))
const LoginPage = lazy(() => import('../features/account/LoginPage').then((m) => ({ default: m.LoginPage })))
const ComingSoonPage = lazy(() =>
  import('../features/placeholder/ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })),
)

/** The pages, mounted both unprefixed (Turkish) and under `/en`. */
function pageRoutes() {
  return (
    <>
      <Route index element={<HomePage />} />
      <Route path="account/login" element={<LoginPage />} />
      {/* Built by later issues: cart, offer list, product list and detail (/:url, /:brand/:url). */}
      <Route path="sepet" element={<ComingSoonPage />} />
      <Route path="teklif/liste" element={<ComingSoonPage />} />
      <Route path=":url" element={<ComingSoonPage />} />
      <Route path=":brand/:url" element={<ComingSoonPage />} />
      <Route path="*" element={<ComingSoonPage />} />
    </>
  )
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/en" element={<AppLayout />}>
        {pageRoutes()}
      </Route>
      <Route path="/" element={<AppLayout />}>
        {pageRoutes()}
      </Route>
    </Routes>
  )
}
