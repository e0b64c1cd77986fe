import { useEffect } from 'react';
import { Spin } from 'antd';

/** /h5Pdf?t=: the parents' report as a PDF drawn by the server; the H5 app checks the link, then opens it. */
export default function H5PdfPage() {
  useEffect(() => {
    window.location.replace(`/teaching/h5/pdf${window.location.search}`);
  }, []);
  return <Spin style={{ display: 'block', marginTop: 80 }} />;
}
