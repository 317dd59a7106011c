# Kairos in a container: built with the Swift toolchain, run on a slim Debian as a non-root user, with the
# data folder (database, attachments, keys, backups) in the /data volume.
#
#   docker build -t kairos .
#   docker run -d --name kairos -p 8080:8080 -v kairos-data:/data \
#     -e KAIROS_PUBLIC_URL=https://tasks.example.org kairos

FROM swift:6.3-bookworm AS build
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest first, so the packages' layer is reused while only the sources change.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product kairos \
    && install -D "$(swift build -c release --show-bin-path)/kairos" /out/kairos

FROM debian:bookworm-slim
# The C libraries the binary links (SQLite, curl, libxml2), time zones and the CA roots for HTTPS calls.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libcurl4 libxml2 tzdata ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home kairos \
    && install -d -o kairos -g kairos -m 0700 /data
COPY --from=build /out/kairos /usr/local/bin/kairos
COPY web /usr/local/share/kairos/web
USER kairos
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/kairos"]
CMD ["serve", "--data", "/data", "--host", "0.0.0.0", "--port", "8080", "--web", "/usr/local/share/kairos/web"]
