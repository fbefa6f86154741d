/**
 * Horizontal bars as server-rendered SVG (decision 047): no chart library, no script. Each bar
 * has its label and value as text, so the figures read without the picture.
 */
export type Bar = { label: string; value: number; text?: string };

const ROW = 30;
const LABEL_W = 145;
const WIDTH = 390;
/** About a character's width at the chart's value size: the longest value must fit after its bar. */
const CHAR_W = 8.5;

export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const longest = Math.max(...bars.map((b) => String(b.text ?? b.value).length), 1);
  const room = WIDTH - LABEL_W - Math.ceil(longest * CHAR_W) - 10;
  const height = bars.length * ROW;
  return (
    <svg
      className="admin-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.text ?? b.value}`).join(", ")}`}
    >
      {bars.map((b, i) => {
        const y = i * ROW;
        const w = b.value > 0 ? Math.max(2, Math.round((b.value / max) * room)) : 0;
        return (
          <g key={b.label}>
            <text x={0} y={y + ROW / 2 + 5} className="admin-chart__label">
              {b.label}
            </text>
            <rect
              x={LABEL_W}
              y={y + 5}
              width={w}
              height={ROW - 10}
              rx={3}
              className="admin-chart__bar"
            />
            <text x={LABEL_W + w + 6} y={y + ROW / 2 + 5} className="admin-chart__value">
              {b.text ?? b.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
