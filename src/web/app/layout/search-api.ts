import type { AutocompleteItem } from '../../../contracts/catalog'
import { apiFetch } from '../../lib/api-client'

/** The spec's wait after the last keystroke before suggestions are asked for (spec/2 §9). */
export const SEARCH_DEBOUNCE_MS = 500

/** GET /autocomplete?q=: at most 10 suggestions, best first. */
export function fetchSuggestions(q: string, signal: AbortSignal): Promise<AutocompleteItem[]> {
  return apiFetch<AutocompleteItem[]>('/autocomplete', { query: { q }, signal, handleAuthErrors: false })
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}
