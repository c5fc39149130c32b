export const fallbackImage = '/images/404.png'

/** '/images/{file}' for a catalogue image name; the 404 picture when there is none. */
export function imageUrl(file: string | null | undefined): string {
  if (!file) return fallbackImage
  return `/images/${encodeURI(file.replace(/^\/+/, '').replace(/^images\//, ''))}`
}
