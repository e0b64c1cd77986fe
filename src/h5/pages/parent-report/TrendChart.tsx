/** The student's percent against the class average over their recent essays: a small SVG, no chart library. */
export function TrendChart({ points, labels }: { points: { title: string; percent: number | null; classAverage: number | null }[]; labels: { student: string; average: string } }) {
  const w = 320;
  const h = 140;
  const pad = 24;
  const x = (i: number) => (points.length === 1 ? w / 2 : pad + (i * (w - 2 * pad)) / (points.length - 1));
  const y = (v: number) => h - pad - (v / 100) * (h - 2 * pad);
  const line = (key: 'percent' | 'classAverage') =>
    points
      .map((p, i) => (p[key] === null ? null : `${x(i)},${y(p[key]!)}`))
      .filter(Boolean)
      .join(' ');
  return (
    <figure className="pr-trend">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={points.map((p) => `${p.title} ${p.percent ?? '—'}`).join('，')}>
        {[0, 50, 100].map((v) => (
          <line key={v} x1={pad} x2={w - pad} y1={y(v)} y2={y(v)} stroke="#eee" />
        ))}
        <polyline points={line('classAverage')} fill="none" stroke="#8c8c8c" strokeDasharray="4 3" strokeWidth="1.5" />
        <polyline points={line('percent')} fill="none" stroke="#c21939" strokeWidth="2.5" />
        {points.map((p, i) =>
          p.percent === null ? null : (
            <g key={i}>
              <circle cx={x(i)} cy={y(p.percent)} r="3.5" fill="#c21939" />
              <text x={x(i)} y={y(p.percent) - 8} textAnchor="middle" fontSize="11" fill="#262626">
                {Math.round(p.percent)}
              </text>
            </g>
          ),
        )}
      </svg>
      <figcaption>
        <span className="pr-key pr-key-student" /> {labels.student} <span className="pr-key pr-key-average" /> {labels.average}
      </figcaption>
    </figure>
  );
}
