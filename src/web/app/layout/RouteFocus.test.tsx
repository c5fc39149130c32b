// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { Link, Route, Routes, useSearchParams } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../test/render'
import { RouteFocus } from './RouteFocus'

function ListPage() {
  const [search, setSearch] = useSearchParams()
  return (
    <>
      <h1>Ürünler</h1>
      <button
        type="button"
        onClick={() => setSearch({ sayfa: String(Number(search.get('sayfa') ?? 1) + 1) })}
      >
        Sonraki sayfa
      </button>
      <Link to="/urun">Fren Balatası</Link>
    </>
  )
}

/** A page whose heading comes with its data, after the address changed. */
function LatePage() {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 30)
    return () => clearTimeout(timer)
  }, [])
  return loaded ? <h1>Fren Balatası</h1> : <p>Yükleniyor…</p>
}

function renderApp(route = '/urunler') {
  return renderWithProviders(
    <>
      <nav>
        <Link to="/sepet">Sepet</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/urunler" element={<ListPage />} />
          <Route path="/urun" element={<LatePage />} />
          <Route path="/sepet" element={<h1>Sepetim</h1>} />
        </Routes>
      </main>
      <RouteFocus />
    </>,
    { route },
  )
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name })

describe('RouteFocus', () => {
  it('leaves the focus alone on the first load', () => {
    renderApp()
    expect(document.activeElement).toBe(document.body)
    expect(heading('Ürünler').hasAttribute('tabindex')).toBe(false)
  })

  it("moves the focus to the new page's heading after an in-app change of address", async () => {
    renderApp()
    const link = screen.getByRole('link', { name: 'Sepet' })
    link.focus()
    fireEvent.click(link)
    await waitFor(() => expect(document.activeElement).toBe(heading('Sepetim')))
    // Focusable by script only: no tab stop.
    expect(heading('Sepetim').getAttribute('tabindex')).toBe('-1')
  })

  it('waits for a heading that comes after the address (lazy page, data)', async () => {
    renderApp()
    const link = screen.getByRole('link', { name: 'Fren Balatası' })
    link.focus()
    fireEvent.click(link)
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(heading('Fren Balatası')))
  })

  it('keeps the focus on the list control when only the query string changes', async () => {
    renderApp()
    const next = screen.getByRole('button', { name: 'Sonraki sayfa' })
    next.focus()
    fireEvent.click(next)
    await act(async () => {})
    expect(document.activeElement).toBe(next)
  })
})
