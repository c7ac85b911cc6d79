// The two charts (Chart.js, only the parts used, so the bundle stays small). Amounts become numbers here
// for drawing only; every figure shown as text comes from the exact decimal strings.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface BarChart {
  update(labels: string[], amounts: string[], describe: string): void;
}

export function barChart(canvas: HTMLCanvasElement, color: string, format: (amount: string) => string): BarChart {
  let amounts: string[] = [];
  const chart = new Chart<'bar', number[], string>(canvas, {
    type: 'bar',
    data: { labels: [], datasets: [{ data: [], backgroundColor: color, borderRadius: 3 }] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => format(amounts[item.dataIndex] ?? '0') } } },
      scales: { y: { beginAtZero: true, ticks: { color: '#4f5863' } }, x: { ticks: { color: '#4f5863' } } },
    },
  });
  return {
    update(labels, values, describe) {
      amounts = values;
      chart.data.labels = labels;
      chart.data.datasets[0]!.data = values.map(Number);
      chart.update();
      // The canvas says in words what it draws, for screen readers.
      canvas.setAttribute('aria-label', describe);
    },
  };
}
