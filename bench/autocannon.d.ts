// autocannon ships no types (and the project has no @types/autocannon): what the benchmarks use of it, as its
// README describes the programmatic API.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Changes a request before it is sent, and returns it. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface Options extends Request {
    url: string;
    /** Seconds; 10 by default. */
    duration?: number;
    /** Requests in all; overrides `duration`. */
    amount?: number;
    connections?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    requests?: Request[];
  }

  /** A histogram's figures (latency in ms, requests per second). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): void;
}
