"use client";
// Sub-domains created per day as plain SVG bars; days without any are drawn as gaps so the
// rhythm is honest. The same numbers are available as a table for screen readers.

export interface DayCount {
  date: string;
  count: number;
}

const DAY_MS = 86_400_000;

function fillDays(aggregates: DayCount[]): DayCount[] {
  if (aggregates.length === 0) return [];
  const counts = new Map(aggregates.map((a) => [a.date, a.count]));
  const times = aggregates.map((a) => Date.parse(`${a.date}T00:00:00Z`));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const days: DayCount[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  return days;
}

export function PerDayChart({ aggregates, parent }: { aggregates: DayCount[]; parent: string }) {
  const days = fillDays(aggregates);
  if (days.length === 0)
    return <p className="text-sm text-slate-600">No sub-domains have been created under {parent} yet.</p>;
  const width = 600;
  const height = 160;
  const padBottom = 18;
  const max = Math.max(...days.map((d) => d.count), 1);
  const barWidth = width / days.length;
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce((best, d) => (d.count > best.count ? d : best), days[0]);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={
          `${total} sub-domains over ${days.length} days, from ${days[0].date} to ` +
          `${days[days.length - 1].date}; busiest day ${busiest.date} with ${busiest.count}.`
        }
        data-testid="per-day-chart"
      >
        <line x1="0" x2={width} y1={height - padBottom} y2={height - padBottom} stroke="#cbd5e1" strokeWidth="1" />
        {days.map((day, index) => {
          const barHeight = ((height - padBottom - 4) * day.count) / max;
          return (
            <rect
              key={day.date}
              x={index * barWidth + barWidth * 0.15}
              width={Math.max(barWidth * 0.7, 1)}
              y={height - padBottom - barHeight}
              height={barHeight}
              fill="#6366f1"
              rx="1"
            >
              <title>{`${day.date}: ${day.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{days[0].date}</span>
        <span>max {max} a day</span>
        <span>{days[days.length - 1].date}</span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">Show the numbers</summary>
        <div className="mt-2 max-h-60 overflow-y-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="font-medium">
                  Day (UTC)
                </th>
                <th scope="col" className="text-right font-medium">
                  Sub-domains
                </th>
              </tr>
            </thead>
            <tbody>
              {[...aggregates].map((a) => (
                <tr key={a.date}>
                  <td>{a.date}</td>
                  <td className="text-right tabular-nums">{a.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
