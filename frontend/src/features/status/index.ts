export { fetchHealth, type Health, HEALTH_PATH, HealthCheckError, parseHealth } from './health';
export { StatusPanel } from './StatusPanel';
export { type HealthState, useHealth } from './useHealth';
