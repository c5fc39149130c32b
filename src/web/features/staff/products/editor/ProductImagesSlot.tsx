/**
 * The place of the product's images in the editor: the image upload section is built on its own
 * (products/images/) and plugs in here. Until then it draws nothing.
 */
export function ProductImagesSlot(_props: { productId: number | null; readOnly: boolean }) {
  return null
}
