// SPDX-License-Identifier: MIT
// pmt's OWN STAND-IN for Polymarket's proxy wallet factory (whose source is not on npm), written
// from its published interface: `proxy(ProxyCall[] calls)` runs each call (typeCode 1 = CALL)
// from the sender's proxy wallet, made on first use. Not CREATE2-compatible with the real one
// (wallet addresses differ); placed at the factory's published address on the local chain.
pragma solidity 0.8.26;

contract StandInProxyWallet {
    address public immutable factory;

    constructor() {
        factory = msg.sender;
    }

    function exec(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == factory, "only the factory");
        (bool ok, bytes memory ret) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return 0xf23a6e61;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata) external pure returns (bytes4) {
        return 0xbc197c81;
    }
}

contract StandInProxyFactory {
    struct ProxyCall {
        uint8 typeCode;
        address to;
        uint256 value;
        bytes data;
    }

    mapping(address => address) public walletOf;

    /** The proxy wallet of `owner`, made if missing (the real factory deploys it on first use too). */
    function walletFor(address owner) public returns (address w) {
        w = walletOf[owner];
        if (w == address(0)) {
            w = address(new StandInProxyWallet());
            walletOf[owner] = w;
        }
    }

    function proxy(ProxyCall[] calldata calls) external payable returns (bytes[] memory out) {
        address w = walletFor(msg.sender);
        out = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            require(calls[i].typeCode == 1, "CALL only");
            out[i] = StandInProxyWallet(w).exec(calls[i].to, calls[i].value, calls[i].data);
        }
    }
}
