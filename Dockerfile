# syntax=docker/dockerfile:1
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/gpuquote ./cmd/gpuquote

# distroless: no shell, no package manager, runs as an unprivileged user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gpuquote /gpuquote
USER nonroot:nonroot
EXPOSE 8080
ENV ADDR=0.0.0.0:8080
# The app waits up to GPUQUOTE_DB_WAIT (60 s) for PostgreSQL to accept
# connections. The health check asks /healthz, which pings the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["/gpuquote", "healthcheck"]
ENTRYPOINT ["/gpuquote", "serve"]
