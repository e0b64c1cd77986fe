import { useEffect } from 'react';
import { Spin } from 'antd';

/** /h5Pdf?t=: the parents' report as a PDF: the H5 page in print mode (the browser saves it as PDF). */
export default function H5PdfPage() {
  useEffect(() => {
    const t = new URLSearchParams(window.location.search).get('t') ?? '';
    window.location.replace(`/teaching/h5/report?t=${encodeURIComponent(t)}&print=1`);
  }, []);
  return <Spin style={{ display: 'block', marginTop: 80 }} />;
}
