/**
 * The one adapter of chart.js (issue 30 item 4): a bar or line chart of one series. Loaded
 * lazily by ChartTable only on the analysis page, so the library stays out of every other
 * page's scripts. The canvas is an image named by its title; the table beside it holds the
 * same figures for everyone who cannot see the chart.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip);

export interface ChartSpec {
  type: 'bar' | 'line';
  labels: string[];
  values: number[];
  /** The series' name (the tooltip's). */
  series: string;
  horizontal?: boolean;
}

export default function ChartView({ spec, title }: { spec: ChartSpec; title: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const chart = new Chart(el, {
      type: spec.type,
      data: { labels: spec.labels, datasets: [{ label: spec.series, data: spec.values, backgroundColor: '#1d5c8f', borderColor: '#1d5c8f' }] },
      options: {
        indexAxis: spec.horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { [spec.horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    el.dataset.drawn = 'true';
    return () => chart.destroy();
  }, [spec]);
  return (
    <div className="ana-chart">
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
