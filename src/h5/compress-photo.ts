/**
 * Shrinks a phone photo before upload: longest side at most 2400 px, JPEG quality 0.85, orientation
 * from EXIF applied by the browser. A 12-megapixel photo goes from ~4 MB to ~600 KB, which matters
 * on a school's mobile data, and OCR needs no more than this.
 */
export async function compressPhoto(file: File, maxSide = 2400): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', 0.85));
  return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
}
