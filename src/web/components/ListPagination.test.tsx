// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render'
import { ListPagination } from './ListPagination'

function shown(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Sayfalar' })
  return within(nav)
    .getAllByRole('button')
    .filter((button) => /^Sayfa \d+$/.test(button.getAttribute('aria-label') ?? ''))
    .map((button) => button.textContent ?? '')
}

function dots(): number {
  return screen.getByRole('navigation', { name: 'Sayfalar' }).querySelectorAll('.mantine-Pagination-dots')
    .length
}

function Paged({ pages }: { pages: number }) {
  const [page, setPage] = useState(pages - 1)
  return <ListPagination page={page} pages={pages} onChange={setPage} />
}

describe('ListPagination', () => {
  it('keeps the focus in the pagination when "next" reaches the last page and turns off', () => {
    renderWithProviders(<Paged pages={5} />)
    const next = screen.getByRole('button', { name: 'Sonraki sayfa' })
    next.focus()
    fireEvent.click(next)
    expect(next).toHaveProperty('disabled', true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sayfa 5' }))
  })

  it('shows nothing for a single page', () => {
    renderWithProviders(<ListPagination page={1} pages={1} onChange={() => {}} />)
    expect(screen.queryByRole('navigation', { name: 'Sayfalar' })).toBeNull()
  })

  it('shows every page when there are fewer than 11', () => {
    renderWithProviders(<ListPagination page={4} pages={10} onChange={() => {}} />)
    expect(shown()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
    expect(dots()).toBe(0)
    expect(screen.getByRole('button', { name: 'Sayfa 4' }).getAttribute('aria-current')).toBe('page')
  })

  it('shows the first and last page, a window around the current one and ellipses from 11 pages', () => {
    renderWithProviders(<ListPagination page={20} pages={40} onChange={() => {}} />)
    expect(shown()).toEqual(['1', '18', '19', '20', '21', '22', '40'])
    expect(dots()).toBe(2)
  })

  it('keeps the window at the edges', () => {
    const { unmount } = renderWithProviders(<ListPagination page={1} pages={11} onChange={() => {}} />)
    expect(shown()).toEqual(['1', '2', '3', '4', '5', '6', '11'])
    expect(dots()).toBe(1)
    unmount()
    renderWithProviders(<ListPagination page={11} pages={11} onChange={() => {}} />)
    expect(shown()).toEqual(['1', '6', '7', '8', '9', '10', '11'])
    expect(dots()).toBe(1)
  })

  it('asks for the page chosen, or the next and previous one', () => {
    const onChange = vi.fn()
    renderWithProviders(<ListPagination page={5} pages={40} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 40' }))
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki sayfa' }))
    fireEvent.click(screen.getByRole('button', { name: 'Önceki sayfa' }))
    expect(onChange.mock.calls).toEqual([[40], [6], [4]])
  })
})
