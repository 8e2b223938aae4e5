export { StatusPanel } from './StatusPanel';
export { fetchHealth, parseHealth, HealthCheckError, HEALTH_PATH, type Health } from './health';
export { useHealth, type HealthState } from './useHealth';
