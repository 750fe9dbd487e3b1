/*
 * A single-node OpenSearch 2.19 on loopback for Reverie's contract tests, with the k-NN plugin (lucene
 * engine) and the neural-search plugin (hybrid query, normalization processor) loaded as classpath plugins.
 *
 * scripts/engines/install puts the jars in .engines/opensearch/lib and compiles this file into
 * .engines/opensearch/classes; then:
 *
 *   java -Xms512m -Xmx512m -cp '.engines/opensearch/lib/*:.engines/opensearch/classes' ReverieOpenSearch \
 *       HOME HTTP_PORT TRANSPORT_PORT
 *
 * (or, without compiling, Java's source launcher: java -cp '.engines/opensearch/lib/*' THIS_FILE ...)
 *
 * It prints "reverie-opensearch started on http://127.0.0.1:HTTP_PORT" once the node answers, and stops the
 * node and exits when its standard input closes (so it never outlives the test run that started it).
 */

import java.io.InputStream;

import org.codelibs.opensearch.runner.OpenSearchRunner;

public final class ReverieOpenSearch {

    private static final String PLUGINS =
            "org.opensearch.knn.plugin.KNNPlugin,org.opensearch.neuralsearch.plugin.NeuralSearch";

    private ReverieOpenSearch() {
    }

    public static void main(final String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: ReverieOpenSearch HOME HTTP_PORT TRANSPORT_PORT");
            System.exit(2);
        }
        final String home = args[0];
        final String httpPort = args[1];
        final String transportPort = args[2];
        final OpenSearchRunner runner = new OpenSearchRunner();
        runner.setMaxHttpPort(-1);
        runner.onBuild((number, settings) -> {
            settings.put("network.host", "127.0.0.1");
            settings.put("http.port", httpPort);
            settings.put("transport.port", transportPort);
            settings.put("discovery.type", "single-node");
            // the tests' data is tiny: a nearly full disk on a CI machine must not block writes
            settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
        });
        runner.build(OpenSearchRunner.newConfigs()
                .basePath(home)
                .numOfNode(1)
                .clusterName("reverie-tests")
                .pluginTypes(PLUGINS));
        runner.ensureYellow();
        System.out.println("reverie-opensearch started on http://127.0.0.1:" + httpPort);
        System.out.flush();
        final InputStream parent = System.in;
        while (parent.read() >= 0) {
            // wait for the parent to close the pipe (or exit)
        }
        runner.close();
        System.exit(0);
    }
}
